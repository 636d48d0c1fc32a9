import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins/email-otp';
import type { Config } from '../../platform/config/config';
import { schema, type Db } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';
import { usdToMicros } from '../../platform/money';
import { createPersonalOrg } from '../orgs/create-personal-org';
import type { GrantStartingCredit } from '../orgs/insert-org';
import { signInMail } from './sign-in-mail';

/** Sign-in codes and links live 15 minutes; 5 wrong codes burn one. */
export const CODE_TTL_SECONDS = 15 * 60;
export const CODE_ATTEMPTS = 5;
/**
 * How long a signed copy of the session in a cookie stands in for the database on page loads.
 * The trade: a session ended from another device still opens pages there for up to this long;
 * signing out clears this device's copy at once, and state-changing requests always ask the
 * database (see requireSessionUser).
 */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The own origin this instance serves (cookies, passkey rpID): PUBLIC_SITE_URL or a listening one. */
  origin: string;
  /** Where mailed links point: configured, never the request's (a forged Host would take the code). */
  linkOrigin: () => string;
  /** The wallet's grant of a sign-up's starting credit (accounts cannot import the wallet). */
  grantStartingCredit: GrantStartingCredit;
}

/** better-auth on our database, mounted at /auth: email code + link, passkeys, sessions. */
export function createAuth(deps: AuthDeps) {
  const { db, config, mailer, origin, linkOrigin } = deps;
  const https = origin.startsWith('https://');
  return betterAuth({
    appName: 'Voice AI',
    baseURL: origin,
    basePath: '/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    // Our store's limiter answers in front of the handler (shared across instances).
    rateLimit: { enabled: false },
    emailAndPassword: { enabled: false },
    session: { cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS } },
    // Only the code sign-in of the email-OTP plugin is used: its other doors stay shut (they would
    // need limits of their own).
    disabledPaths: [
      '/email-otp/change-email',
      '/email-otp/check-verification-otp',
      '/email-otp/request-email-change',
      '/email-otp/request-password-reset',
      '/email-otp/reset-password',
      '/email-otp/verify-email',
      '/forget-password/email-otp',
    ],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.authUsers,
        session: schema.authSessions,
        account: schema.authAccounts,
        verification: schema.authVerifications,
        passkey: schema.authPasskeys,
      },
    }),
    advanced: {
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            const micros = usdToMicros(config.SIGNUP_STARTING_CREDIT_USD);
            await createPersonalOrg(
              db,
              user,
              { micros, grant: deps.grantStartingCredit },
              new Date(),
            );
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp }) => {
          // A failed delivery is logged, never told apart in the answer (no enumeration).
          await mailer.send(signInMail(linkOrigin(), email, otp)).catch((error: Error) => {
            console.error(`mail: sign-in code to ${email} not sent: ${error.message}`);
          });
        },
      }),
      passkey({
        rpID: new URL(origin).hostname,
        rpName: 'Voice AI',
        origin,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
