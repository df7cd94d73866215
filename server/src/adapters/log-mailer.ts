import type { Mailer } from '../ports/mailer';

/**
 * Development mailer: writes the sign-in code to the service log instead of sending mail. It is
 * the only place a code is logged, and only the development composition root wires it.
 */
export function logMailer(log: (event: string, fields: Record<string, unknown>) => void): Mailer {
  return {
    async sendSignInCode(email, code) {
      log('dev_sign_in_code', { email, code });
    },
  };
}
