import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import { currencyOutput } from '@paisable/contracts';

import { publicProcedure } from '../../trpc/init';
import { listCurrencies } from './service';

export const currenciesRouter = {
  /** The ISO 4217 catalogue, the spec's seven first; the same for everyone. */
  list: publicProcedure.output(z.array(currencyOutput)).query(() => listCurrencies()),
} satisfies TRPCRouterRecord;
