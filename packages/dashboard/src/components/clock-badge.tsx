import { useEffect } from 'preact/hooks';
import { useApi } from '../use-api.ts';
import { formatTime } from '../format.ts';
import { href } from '../router.ts';

export interface ClockState {
  platformID: string;
  now: string;
  offsetSeconds: number;
}

/** Sent on window after the clock moved, so every view of it reads again at once. */
export const CLOCK_CHANGED = 'railyard:clock-changed';

/** The platform's clock in the top bar: simulated rails run on it, so it is worth seeing everywhere. */
export function ClockBadge() {
  const clock = useApi<ClockState>('/railyard/clock', { pollMs: 5_000 });
  useEffect(() => {
    const reload = () => clock.reload();
    addEventListener(CLOCK_CHANGED, reload);
    return () => removeEventListener(CLOCK_CHANGED, reload);
  }, [clock.reload]);
  if (!clock.data) return null;
  const ahead = clock.data.offsetSeconds > 0;
  return (
    <a class={`clock-badge${ahead ? ' clock-ahead' : ''}`} href={href('clock')} title="The platform clock: open Clock & jobs to advance it">
      <span class="clock-label">Platform time</span>
      {formatTime(clock.data.now)}
      {ahead ? <span class="clock-offset"> (+{formatOffset(clock.data.offsetSeconds)})</span> : null}
    </a>
  );
}

export function formatOffset(seconds: number): string {
  const s = Math.round(seconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const parts = [days ? `${days}d` : '', hours ? `${hours}h` : '', minutes ? `${minutes}m` : '', !days && !hours && !minutes ? `${s % 60}s` : ''];
  return parts.filter(Boolean).join(' ');
}
