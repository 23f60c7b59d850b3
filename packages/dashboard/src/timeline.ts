import { humanize } from './format.ts';
import type { RecordedEvent, Transfer, TransferParty } from './types.ts';

/** The rail details a transfer leg may carry, each with its sub-status times (`initiatedOn`…). */
export const RAIL_DETAILS = ['achDetails', 'cardDetails', 'rtpDetails', 'instantBankDetails'] as const;

export interface Step {
  at: string;
  label: string;
  status: string;
  origin: string;
}

/**
 * The transfer's timeline: its status changes (from its events) and each
 * leg's rail sub-statuses (the `…On` times of achDetails, cardDetails…), in
 * time order.
 */
export function timeline(transfer: Transfer, events: RecordedEvent[]): Step[] {
  const steps: Step[] = [{ at: transfer.createdOn, label: 'Transfer created', status: 'created', origin: 'transfer' }];
  for (const event of events) {
    const status = event.data['status'];
    if (typeof status !== 'string' || event.type === 'transfer.created') continue;
    // transfer.updated, and the refunds, cancellations and disputes that name the transfer.
    const subject = event.type === 'transfer.updated' ? 'Transfer' : humanize(event.type.split('.')[0] ?? event.type);
    steps.push({ at: event.createdOn, label: `${subject} ${humanize(status).toLowerCase()}`, status, origin: `${event.type} event` });
  }
  for (const [side, party] of [['Source', transfer.source], ['Destination', transfer.destination]] as [string, TransferParty][]) {
    for (const key of RAIL_DETAILS) {
      const details = party[key];
      if (!details) continue;
      const rail = humanize(key.replace('Details', ''));
      for (const [field, value] of Object.entries(details)) {
        if (!field.endsWith('On') || typeof value !== 'string') continue;
        const status = field.slice(0, -2).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        steps.push({ at: value, label: `${side} ${rail}: ${humanize(status).toLowerCase()}`, status, origin: `${side.toLowerCase()}.${key}` });
      }
    }
  }
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.label.localeCompare(b.label));
}
