import type { Database } from './db/client';
import type { TokenService } from './modules/auth/token';

/** Everything a service may need from the outside world, passed in so tests can supply their own. */
export type AppDeps = {
  db: Database;
  tokens: TokenService;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  limits: {
    /** Login and sign-up attempts allowed per client address per 15 minutes, over all accounts. */
    authAttemptsPerIp: number;
  };
};
