import { z } from 'zod';
import { inputJsonSchemaOf, isPlainObject } from '../core/json.ts';
import { PaymentMethod } from './payment-methods.ts';

/*
 * Transfer options (docs/api-behaviour.md §5.3), v2026.01.00 shapes (SDK 26.2.0
 * `createtransferoptions.ts`, `transferoptions.ts`,
 * `transferoptionsvalidationerror.ts`). The body is checked in the domain
 * (422 `{amount, source, destination}`, one string each), so the schema here
 * documents it and refuses only a body that is not a JSON object.
 */

const SourceDestinationOptionsShape = z.object({
  accountID: z.string().uuid().optional().describe('The party’s account: every method of it that can take part.'),
  paymentMethodID: z.string().uuid().optional().describe('One payment method: the other side’s options are those that pair with it.'),
});

const CreateTransferOptionsShape = z.object({
  source: SourceDestinationOptionsShape,
  destination: SourceDestinationOptionsShape,
  amount: z.object({ currency: z.string().describe('USD'), value: z.number().int().min(1) }),
});
export type CreateTransferOptionsInput = z.input<typeof CreateTransferOptionsShape>;


export const CreateTransferOptions = z
  .custom<CreateTransferOptionsInput>(isPlainObject, { message: 'must be a JSON object' })
  .meta({ id: 'CreateTransferOptions', ...inputJsonSchemaOf(CreateTransferOptionsShape) });

export const TransferOptions = z
  .object({ sourceOptions: z.array(PaymentMethod).optional(), destinationOptions: z.array(PaymentMethod).optional() })
  .meta({ id: 'TransferOptions' });
export type TransferOptionsView = z.output<typeof TransferOptions>;

export const TransferOptionsValidationError = z
  .object({ amount: z.string().optional(), source: z.string().optional(), destination: z.string().optional() })
  .meta({ id: 'TransferOptionsValidationError' });
