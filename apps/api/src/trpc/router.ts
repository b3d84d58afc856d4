import { authRouter } from '../modules/auth/router';
import { categoriesRouter } from '../modules/categories/router';
import { receiptsRouter } from '../modules/receipts/router';
import { transactionsRouter } from '../modules/transactions/router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  transactions: transactionsRouter,
  categories: categoriesRouter,
  receipts: receiptsRouter,
});

export type AppRouter = typeof appRouter;
