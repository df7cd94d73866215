import type { TestProject } from 'vitest/node';
import { startSyncService } from './spawn-service';

declare module 'vitest' {
  export interface ProvidedContext {
    syncBaseUrl: string;
    syncLogPath: string;
    billingBaseUrl: string;
    /** the fake OpenID Connect provider server-dev runs beside the service (docs/oauth.md) */
    oidcIssuer: string;
  }
}

/** The mobile SDK's client id the development service checks native ID tokens against (server-dev.mjs). */
export const OIDC_MOBILE_CLIENT = 'cairn-mobile';

/** One real service (workerd, local D1/R2, fake billing and identity providers) for the whole project. */
export default async function setup(project: TestProject) {
  const service = await startSyncService();
  project.provide('syncBaseUrl', service.url);
  project.provide('syncLogPath', service.logPath);
  project.provide('billingBaseUrl', service.billingUrl);
  project.provide('oidcIssuer', service.oidcIssuer);
  return () => service.stop();
}
