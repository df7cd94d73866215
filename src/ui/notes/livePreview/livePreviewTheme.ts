import { EditorView } from '@codemirror/view';

/**
 * How rendered markdown looks, in the app's colours (styles.css variables, so light and dark
 * follow). Proportional text; code stays monospace. `.cm-lp` is set on the editor in Live
 * Preview and reading view only, so source mode keeps the monospace look.
 */
export const livePreviewTheme = EditorView.baseTheme({
  '&.cm-lp .cm-content': { fontFamily: 'inherit', lineHeight: '1.6' },
  '.cm-lp-h': { fontWeight: '650', lineHeight: '1.3' },
  '.cm-lp-h1': { fontSize: '1.75em', paddingTop: '0.5em' },
  '.cm-lp-h2': { fontSize: '1.45em', paddingTop: '0.45em' },
  '.cm-lp-h3': { fontSize: '1.25em', paddingTop: '0.35em' },
  '.cm-lp-h4': { fontSize: '1.1em' },
  '.cm-lp-h5, .cm-lp-h6': { fontSize: '1em' },
  '.cm-lp-em': { fontStyle: 'italic' },
  '.cm-lp-strong': { fontWeight: '700' },
  '.cm-lp-strike, .cm-lp-done': { textDecoration: 'line-through', color: 'var(--muted)' },
  '.cm-lp-code, .cm-lp-codeblock': {
    fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
    fontSize: '0.92em',
    background: 'color-mix(in srgb, var(--muted) 14%, transparent)',
  },
  '.cm-lp-code': { borderRadius: '4px', padding: '0 3px' },
  '.cm-lp-quote': {
    borderLeft: '3px solid var(--border)',
    paddingLeft: '12px !important',
    color: 'var(--muted)',
  },
  '.cm-lp-callout': {
    borderLeft: '4px solid var(--accent)',
    background: 'color-mix(in srgb, var(--accent) 10%, transparent)',
    paddingLeft: '12px !important',
  },
  '.cm-lp-callout-warning, .cm-lp-callout-danger, .cm-lp-callout-caution, .cm-lp-callout-bug': {
    borderLeftColor: 'var(--danger)',
    background: 'color-mix(in srgb, var(--danger) 10%, transparent)',
  },
  '.cm-lp-callout-title': { fontWeight: '650' },
  '.cm-lp-callout-label': { fontWeight: '700', marginRight: '0.4em', color: 'var(--accent)' },
  '.cm-lp-link': { color: 'var(--accent)', textDecoration: 'underline', cursor: 'pointer' },
  '.cm-lp-unresolved': { textDecorationStyle: 'dashed', opacity: '0.8' },
  '.cm-lp-bullet': { display: 'inline-block', width: '1ch', color: 'var(--muted)' },
  '.cm-lp-task': {
    margin: '0 0.4em 0 0',
    verticalAlign: 'middle',
    width: '1.05em',
    height: '1.05em',
    cursor: 'pointer',
  },
  '.cm-lp-hr': {
    display: 'inline-block',
    width: '100%',
    borderTop: '1px solid var(--border)',
    verticalAlign: 'middle',
  },
  '.cm-lp-frontmatter': { height: '0' },
  '.cm-lp-table-wrap': { overflowX: 'auto', margin: '4px 0', cursor: 'text' },
  '.cm-lp-table': { borderCollapse: 'collapse', fontSize: '0.95em' },
  '.cm-lp-table th, .cm-lp-table td': {
    border: '1px solid var(--border)',
    padding: '4px 10px',
    minWidth: '3em',
  },
  '.cm-lp-table th': { background: 'color-mix(in srgb, var(--muted) 10%, transparent)', fontWeight: '650' },
  '.cm-lp-embed': { margin: '6px 0', maxWidth: '100%' },
  '.cm-lp-embed img, .cm-lp-embed video': { maxWidth: '100%', maxHeight: '480px', display: 'block' },
  '.cm-lp-embed audio': { width: 'min(100%, 420px)' },
  '.cm-lp-embed-status': { margin: '0', color: 'var(--muted)', fontStyle: 'italic' },
  '.cm-lp-pdf .pdf-frame': { maxHeight: '480px', overflow: 'auto' },
  '.cm-lp-transclusion': { borderLeft: '3px solid var(--accent)', paddingLeft: '10px' },
  '.cm-lp-transclusion .cm-content': { padding: '0' },
  '.cm-lp-hover': {
    padding: '8px 10px',
    maxWidth: 'min(420px, 90vw)',
    background: 'var(--panel)',
    color: 'var(--text)',
  },
  '.cm-lp-hover-body': {
    whiteSpace: 'pre-wrap',
    fontSize: '0.9em',
    marginTop: '4px',
    maxHeight: '240px',
    overflow: 'auto',
  },
  '.cm-lp-transclusion-title': {
    background: 'none',
    border: 'none',
    padding: '0',
    font: 'inherit',
    fontWeight: '650',
  },
});
