import { afterEach, describe, expect, it } from 'vitest';
import { beginGivingWay, endGivingWay, giveWay, SYSTEM_CLOCK, type CooperationClock } from './cooperation.js';

/**
 * A host of two cores where time only moves when the test says so: `work(ms)` is the child busy on one core while
 * others keep `othersCores` busy; a rest lets time pass with only the others working.
 */
function fakeHost(othersCores: number, available = true) {
  const state = { now: 0, ownMs: 0, busy: 0, total: 0, rested: [] as number[] };
  const pass = (ms: number, ownCores: number) => {
    state.now += ms;
    state.ownMs += ms * ownCores;
    state.busy += ((othersCores + ownCores) * ms) / 10;
    state.total += (2 * ms) / 10;
  };
  const clock: CooperationClock = {
    ticks: () => (available ? { busy: state.busy, total: state.total } : null),
    ownMs: () => state.ownMs,
    now: () => state.now,
    rest: (ms) => {
      state.rested.push(ms);
      pass(ms, 0);
    },
  };
  /** `ms` of work in pieces of 1 ms, each followed by a call of giveWay (as the readers do per piece of a file). */
  const work = (ms: number) => {
    for (let i = 0; i < ms; i++) {
      pass(1, 1);
      giveWay();
    }
  };
  const rested = () => state.rested.reduce((sum, ms) => sum + ms, 0);
  return { clock, work, rested, state };
}

afterEach(() => endGivingWay());

describe('a file-work child giving way to others', () => {
  it('rests about ten times as long as it worked while others keep a core busy, in short stretches', () => {
    const host = fakeHost(1);
    beginGivingWay(60_000, host.clock);
    host.work(1_000);
    // The first look comes after 50 ms of work; from then on every 10 ms of work is followed by 100 ms of rest.
    expect(host.rested()).toBeGreaterThanOrEqual(9_000);
    expect(host.rested()).toBeLessThanOrEqual(10_000);
    expect(Math.max(...host.state.rested)).toBeLessThanOrEqual(110);
  });

  it('works on without a rest when the host is its own, its own work not counted as the others’', () => {
    const host = fakeHost(0.2);
    beginGivingWay(60_000, host.clock);
    host.work(1_000);
    expect(host.rested()).toBe(0);
  });

  it('rests no longer in all than its budget, then works on', () => {
    const host = fakeHost(1.5);
    beginGivingWay(2_000, host.clock);
    host.work(1_000);
    expect(host.rested()).toBe(2_000);
  });

  it('does nothing where no task turned it on (the server’s own thread) or after the task', () => {
    const host = fakeHost(2);
    host.work(500);
    beginGivingWay(60_000, host.clock);
    endGivingWay();
    host.work(500);
    expect(host.rested()).toBe(0);
  });

  it('stays off on a host without /proc/stat', () => {
    const host = fakeHost(2, false);
    beginGivingWay(60_000, host.clock);
    host.work(500);
    expect(host.rested()).toBe(0);
  });

  it.runIf(process.platform === 'linux')('reads the host’s CPU time from /proc/stat', () => {
    const ticks = SYSTEM_CLOCK.ticks();
    expect(ticks).not.toBeNull();
    expect(ticks!.total).toBeGreaterThan(ticks!.busy);
    expect(ticks!.busy).toBeGreaterThan(0);
  });
});
