/**
 * `POST /dev/entitlement` (development servers only): stands in for the billing
 * provider's webhooks so a developer or a test can put their OWN account on any plan and status.
 * Not mounted when ENVIRONMENT is not `development`.
 */
import * as v from 'valibot';
import { epochMs } from './common';
import { ENTITLEMENT_STATUSES, PLAN_IDS } from './plans';

export const DevEntitlementRequest = v.strictObject({
  plan: v.picklist(PLAN_IDS),
  status: v.picklist(ENTITLEMENT_STATUSES),
  expiresAt: v.optional(v.nullable(epochMs)),
  /** overrides of the plan's storage quota and file limit (null or absent: the plan's) */
  storageLimitBytes: v.optional(v.nullable(epochMs)),
  fileLimitBytes: v.optional(v.nullable(epochMs)),
});
export type DevEntitlementRequest = v.InferOutput<typeof DevEntitlementRequest>;
