import Star from 'lucide-solid/icons/star';

/**
 * The star of a bookmark or pin toggle: an SVG from the icon set (the ★/☆ glyphs drew as empty
 * boxes on some systems), filled when on. Decorative: its button carries the name and the state.
 */
export function StarMark(props: { on: boolean }) {
  return <Star aria-hidden="true" size={18} fill={props.on ? 'currentColor' : 'none'} />;
}
