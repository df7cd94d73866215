import type { Mailer } from '../ports/mailer';

/** Outside development no mail provider is wired yet: sending reports `unconfigured` (route answers 501). */
export class MailerUnconfiguredError extends Error {
  override name = 'MailerUnconfiguredError';
}

export function unconfiguredMailer(): Mailer {
  return {
    async sendSignInCode() {
      throw new MailerUnconfiguredError('no email provider is configured');
    },
  };
}
