import { describe, expect, it } from 'vitest';
import { ConnectGate, defaultConnectConcurrency } from './ConnectGate';

const never = () => new AbortController().signal;

describe('ConnectGate', () => {
  it('lets `limit` in and hands each freed slot to the next in line, in order', async () => {
    const gate = new ConnectGate(2);
    const a = gate.tryEnter()!;
    const b = gate.tryEnter()!;
    expect(gate.tryEnter()).toBeUndefined();
    const order: string[] = [];
    const c = gate.enter(never()).then((release) => (order.push('c'), release));
    const d = gate.enter(never()).then((release) => (order.push('d'), release));
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    a();
    a(); // a second release of the same slot frees nothing more
    await c;
    expect(order).toEqual(['c']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    b();
    (await d)();
    (await c)();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('puts a waiter a person is waiting for at the front', async () => {
    const gate = new ConnectGate(1);
    const held = gate.tryEnter()!;
    const order: string[] = [];
    const background = gate.enter(never()).then((release) => (order.push('background'), release()));
    const person = gate.enter(never(), true).then((release) => (order.push('person'), release()));
    const personToo = gate.enter(never(), true).then((release) => (order.push('person too'), release()));
    held();
    await Promise.all([background, person, personToo]);
    expect(order).toEqual(['person', 'person too', 'background']);
  });

  it('an abort takes a waiter out of the line with the signal’s reason', async () => {
    const gate = new ConnectGate(1);
    const held = gate.tryEnter()!;
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort(new Error('disconnected'));
    await expect(waiting).rejects.toThrow('disconnected');
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    held();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    await expect(gate.enter(controller.signal)).resolves.toBeTypeOf('function');
  });

  it('defaults to two connects per core, at least four', () => {
    expect(defaultConnectConcurrency(1)).toBe(4);
    expect(defaultConnectConcurrency(2)).toBe(4);
    expect(defaultConnectConcurrency(8)).toBe(16);
    expect(() => new ConnectGate(0)).toThrow(RangeError);
  });
});
