import type { TestProject } from 'vitest/node';
import { startSyncService } from './spawn-service';

declare module 'vitest' {
  export interface ProvidedContext {
    syncBaseUrl: string;
    syncLogPath: string;
    billingBaseUrl: string;
  }
}

/** One real service (workerd, local D1/R2) for the whole server project; torn down after. */
export default async function setup(project: TestProject) {
  const service = await startSyncService();
  project.provide('syncBaseUrl', service.url);
  project.provide('syncLogPath', service.logPath);
  project.provide('billingBaseUrl', service.billingUrl);
  return () => service.stop();
}
