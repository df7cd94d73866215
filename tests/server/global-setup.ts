import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module of the project's scripts (no types)
import { startFakeOidc } from '../../scripts/fake-oidc.mjs';
import { startSyncService } from './spawn-service';

declare module 'vitest' {
  export interface ProvidedContext {
    syncBaseUrl: string;
    syncLogPath: string;
    billingBaseUrl: string;
    /** the local fake OpenID Connect provider the service signs in with (docs/oauth.md) */
    oidcIssuer: string;
  }
}

/** The web and mobile client ids the service is configured with for the fake provider. */
export const OIDC_WEB_CLIENT = 'cairn-web';
export const OIDC_MOBILE_CLIENT = 'cairn-mobile';

/** One real service (workerd, local D1/R2) and one fake identity provider for the whole project. */
export default async function setup(project: TestProject) {
  const idp = (await startFakeOidc({ clientId: OIDC_WEB_CLIENT, clientSecret: 'test-secret' })) as {
    issuer: string;
    stop: () => Promise<void>;
  };
  const service = await startSyncService([
    `OIDC_ISSUER:${idp.issuer}`,
    `OIDC_CLIENT_ID:${OIDC_WEB_CLIENT}`,
    'OIDC_CLIENT_SECRET:test-secret',
    'OIDC_NAME:Fake IdP',
    `OIDC_MOBILE_CLIENT_ID:${OIDC_MOBILE_CLIENT}`,
  ]);
  project.provide('syncBaseUrl', service.url);
  project.provide('syncLogPath', service.logPath);
  project.provide('billingBaseUrl', service.billingUrl);
  project.provide('oidcIssuer', idp.issuer);
  return async () => {
    await service.stop();
    await idp.stop();
  };
}
