import { z } from 'zod';

import { currencyOutput } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { listCurrencies } from './service';

/** GET /api/currencies: the catalogue a program needs to send amounts with the right decimals. */
export const currencyRoutes = [
  defineRoute({
    method: 'get',
    path: '/currencies',
    tag: 'Currencies',
    summary: 'Every currency an account can be kept in (ISO 4217), with its symbol and decimals',
    description:
      'The spec’s seven (USD, EUR, GBP, JPY, CAD, AUD, INR) first, with their flags. `minorUnit` is how many decimals an amount of it has: 0 for JPY and KRW, 3 for BHD, KWD and JOD, 2 for most.',
    auth: 'none',
    responses: {
      200: { description: 'The catalogue.', schema: z.object({ currencies: z.array(currencyOutput) }) },
    },
    handle: () => ({ currencies: listCurrencies() }),
  }),
];
