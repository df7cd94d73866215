import { memoryQueryPort } from '../memoryQueryPort';
import { MemoryVault } from '../memoryVault';
import { describeTaskQueryPort, describeTaskReadPort } from './taskPortSuites';

describeTaskQueryPort('in-memory', async (seed) => memoryQueryPort(() => seed.tasks));

describeTaskReadPort('in-memory', async (seed) => {
  const vault = new MemoryVault();
  vault.apply({
    tasks: seed.tasks,
    projects: seed.projects,
    statuses: seed.statuses,
    deletedTasks: [],
    deletedProjects: [],
    deletedStatuses: [],
  });
  return vault;
});
