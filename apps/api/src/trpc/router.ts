import { authRouter } from '../modules/auth/router';
import { categoriesRouter } from '../modules/categories/router';
import { transactionsRouter } from '../modules/transactions/router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  transactions: transactionsRouter,
  categories: categoriesRouter,
});

export type AppRouter = typeof appRouter;
