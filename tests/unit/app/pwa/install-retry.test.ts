import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_RETRY_FIRST_MS, INSTALL_RETRY_MAX_MS, installRetry } from '../../../../src/app/pwa/register-service-worker';

/** A service worker as the page sees it: a state and its `statechange` events. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState = 'installing') {
    super();
  }
  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

type FakeRegistration = { installing: FakeWorker | null; waiting: FakeWorker | null; active: FakeWorker | null };
const asRegistration = (fake: FakeRegistration) => fake as unknown as ServiceWorkerRegistration;

/** Each call registers afresh: a new registration with a worker installing, kept in `tries`. */
function registrar() {
  const tries: FakeRegistration[] = [];
  const register = vi.fn(() => {
    const registration: FakeRegistration = { installing: new FakeWorker(), waiting: null, active: null };
    tries.push(registration);
    return Promise.resolve(asRegistration(registration));
  });
  return { tries, register };
}

/** The install of `registration` failed: its worker is redundant and the registration holds none. */
function failInstall(registration: FakeRegistration): void {
  const worker = registration.installing;
  registration.installing = null;
  worker?.become('redundant');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker install retry', () => {
  it('registers again after a failed first install, and stops once a worker is active', async () => {
    const { tries, register } = registrar();
    const retry = installRetry(register);
    const first: FakeRegistration = { installing: new FakeWorker(), waiting: null, active: null };
    retry.watch(asRegistration(first));

    failInstall(first);
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_FIRST_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);

    // The second try installs and activates: nothing more is registered, however long the page stays.
    const second = tries[0] as FakeRegistration;
    const worker = second.installing as FakeWorker;
    second.installing = null;
    second.active = worker;
    worker.become('activated');
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_MAX_MS * 4);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('waits twice as long after each failed try, up to five minutes', async () => {
    const { tries, register } = registrar();
    const retry = installRetry(register);
    retry.schedule();
    const pauses: number[] = [];
    let waited = 0;
    for (let attempt = 1; attempt <= 9; attempt++) {
      while (register.mock.calls.length < attempt) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      pauses.push(waited);
      waited = 0;
      failInstall(tries.at(-1) as FakeRegistration);
    }
    expect(pauses).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('a registration that is refused is tried again, and stop ends the retries', async () => {
    const register = vi.fn(() => Promise.reject(new Error('offline')));
    const retry = installRetry(register);
    retry.schedule();
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_FIRST_MS);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_FIRST_MS * 2);
    expect(register).toHaveBeenCalledTimes(2);
    retry.stop();
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_MAX_MS * 2);
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('a page whose worker is already active registers nothing more', async () => {
    const { register } = registrar();
    const retry = installRetry(register);
    retry.watch(asRegistration({ installing: null, waiting: null, active: new FakeWorker('activated') }));
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_MAX_MS);
    expect(register).not.toHaveBeenCalled();
  });
});
