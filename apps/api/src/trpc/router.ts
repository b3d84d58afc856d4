import { authRouter } from '../modules/auth/router';
import { categoriesRouter } from '../modules/categories/router';
import { contactRouter } from '../modules/contact/router';
import { transactionsRouter } from '../modules/transactions/router';
import { usersRouter } from '../modules/users/router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  transactions: transactionsRouter,
  categories: categoriesRouter,
  contact: contactRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
