import { accountsRouter, transfersRouter } from './modules/accounts/router';
import { authRouter } from './modules/auth/router';
import { budgetsRouter } from './modules/budgets/router';
import { categoriesRouter } from './modules/categories/router';
import { contactRouter } from './modules/contact/router';
import { currenciesRouter } from './modules/currencies/router';
import { importRulesRouter } from './modules/imports/router';
import { payeesRouter } from './modules/payees/router';
import { ratesRouter } from './modules/rates/router';
import { receiptsRouter } from './modules/receipts/router';
import { recurringRouter } from './modules/recurring/router';
import { reportsRouter } from './modules/reports/router';
import { tagsRouter } from './modules/tags/router';
import { transactionsRouter } from './modules/transactions/router';
import { twoFactorRouter } from './modules/two-factor/router';
import { usersRouter } from './modules/users/router';
import { router } from './trpc/init';

export const appRouter = router({
  auth: authRouter,
  twoFactor: twoFactorRouter,
  accounts: accountsRouter,
  transfers: transfersRouter,
  transactions: transactionsRouter,
  tags: tagsRouter,
  categories: categoriesRouter,
  contact: contactRouter,
  users: usersRouter,
  budgets: budgetsRouter,
  recurring: recurringRouter,
  reports: reportsRouter,
  receipts: receiptsRouter,
  importRules: importRulesRouter,
  rates: ratesRouter,
  payees: payeesRouter,
  currencies: currenciesRouter,
});

export type AppRouter = typeof appRouter;
