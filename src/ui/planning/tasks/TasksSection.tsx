import { Match, Switch } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { createFailure } from '../shared/createFailure';
import { FailureBanner } from '../shared/FailureBanner';
import { createTaskActions } from './createTaskActions';
import { DueView } from './DueView';
import { ProjectBoard } from './ProjectBoard';
import { ProjectSettings } from './ProjectSettings';
import { ProjectsView } from './ProjectsView';
import { StatsView } from './StatsView';
import { TaskEditor } from './TaskEditor';
import '../planning.css';

const VIEWS = [
  ['today', 'Today'],
  ['upcoming', 'Upcoming'],
  ['overdue', 'Overdue'],
  ['projects', 'Projects'],
  ['stats', 'Stats'],
] as const;

/**
 * `#/tasks/<view>`: today (default), upcoming, overdue, projects, stats; `#/tasks/project/<id>[/list]`
 * a project's board or list; `#/tasks/edit/<id>` a project's settings and statuses;
 * `#/tasks/task/<id>` the task editor.
 */
export function TasksSection(props: SectionProps) {
  const failure = createFailure();
  const actions = createTaskActions(props.client, failure);
  const view = () => props.path()[0] ?? 'today';
  const arg = () => props.path()[1] ?? '';
  const open = (id: string) => props.go('task', id);
  return (
    <div class="planning tasks-section">
      <nav class="plan-tabs" aria-label="Task views">
        {VIEWS.map(([id, label]) => (
          <a
            href={`#/tasks/${id}`}
            aria-current={
              view() === id || (id === 'projects' && (view() === 'project' || view() === 'edit'))
                ? 'page'
                : undefined
            }
          >
            {label}
          </a>
        ))}
      </nav>
      <FailureBanner error={failure.error()} onDismiss={failure.clear} />
      <Switch>
        <Match when={view() === 'today' || view() === 'upcoming' || view() === 'overdue'}>
          <DueView client={props.client} view={view() as 'today'} actions={actions} onOpen={open} />
        </Match>
        <Match when={view() === 'projects'}>
          <ProjectsView client={props.client} actions={actions} />
        </Match>
        <Match when={view() === 'stats'}>
          <StatsView client={props.client} />
        </Match>
        <Match when={view() === 'project' && arg()}>
          <ProjectBoard
            client={props.client}
            projectId={arg()}
            mode={props.path()[2] === 'list' ? 'list' : 'board'}
            actions={actions}
            onOpen={open}
            onMode={(m) => (m === 'list' ? props.go('project', arg(), 'list') : props.go('project', arg()))}
          />
        </Match>
        <Match when={view() === 'edit' && arg()}>
          <ProjectSettings
            client={props.client}
            id={arg()}
            actions={actions}
            onDone={() => props.go('projects')}
            onTrashed={(id, name) => {
              props.go('projects');
              props.trash?.show({
                what: `the project “${name}”`,
                undo: async () => {
                  if (await actions.run('trash.restore', 'project', id)) props.go('project', id);
                },
              });
            }}
          />
        </Match>
        <Match when={view() === 'task' && arg()}>
          <TaskEditor
            client={props.client}
            id={arg()}
            actions={actions}
            onOpen={open}
            onClose={() => history.back()}
            onTrashed={(id, title) =>
              props.trash?.show({
                what: `“${title}”`,
                undo: async () => {
                  if (await actions.run('trash.restore', 'task', id)) open(id);
                },
              })
            }
          />
        </Match>
      </Switch>
    </div>
  );
}
