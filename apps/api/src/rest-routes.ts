import { accountRoutes } from './modules/accounts/rest';
import { authRoutes } from './modules/auth/rest';
import { backupRoutes } from './modules/backup/rest';
import { budgetRoutes } from './modules/budgets/rest';
import { categoryRoutes } from './modules/categories/rest';
import { contactRoutes } from './modules/contact/rest';
import { currencyRoutes } from './modules/currencies/rest';
import { importRoutes } from './modules/imports/rest';
import { payeeRoutes } from './modules/payees/rest';
import { rateRoutes } from './modules/rates/rest';
import { receiptRoutes } from './modules/receipts/rest';
import { recurringRoutes } from './modules/recurring/rest';
import { reportRoutes } from './modules/reports/rest';
import { tagRoutes } from './modules/tags/rest';
import { transactionRoutes } from './modules/transactions/rest';
import { twoFactorRoutes } from './modules/two-factor/rest';
import { userRoutes } from './modules/users/rest';
import { withSystemRoutes } from './rest/system';

/**
 * Every REST route under /api, in the order of the OpenAPI document. A module that adds routes declares
 * them in its rest.ts and lists them here; registration, auth, validation and documentation follow.
 */
export const restRoutes = withSystemRoutes([
  ...authRoutes,
  ...twoFactorRoutes,
  ...transactionRoutes,
  ...tagRoutes,
  ...rateRoutes,
  ...payeeRoutes,
  ...accountRoutes,
  ...categoryRoutes,
  ...budgetRoutes,
  ...reportRoutes,
  ...recurringRoutes,
  ...receiptRoutes,
  ...importRoutes,
  ...contactRoutes,
  ...userRoutes,
  ...backupRoutes,
  ...currencyRoutes,
]);
