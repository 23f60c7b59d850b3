import { z } from 'zod';

/*
 * Money on the wire, shared by transfers, refunds, adjustments and the rest:
 * kept in a module of its own so the transfer schema can embed refunds (which
 * carry amounts) without the two modules importing each other.
 */

export const TransferAmount = z.object({ currency: z.string(), value: z.number().int() }).meta({ id: 'Amount' });
export const AmountDecimal = z.object({ currency: z.string(), valueDecimal: z.string() }).meta({ id: 'AmountDecimal' });
