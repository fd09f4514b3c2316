import { describe, expect, it } from 'vitest';
import { Emitter } from './Emitter';

type Events = { change: void; value: number; text: string };

describe('Emitter', () => {
  it('delivers each event to its own listeners only, with its payload', () => {
    const emitter = new Emitter<Events>();
    const heard: string[] = [];
    emitter.on('value', (n) => heard.push(`value ${n}`));
    emitter.on('text', (t) => heard.push(`text ${t}`));
    emitter.on('change', () => heard.push('change'));
    emitter.emit('value', 2);
    emitter.emit('change', undefined);
    emitter.emit('text', 'x');
    expect(heard).toEqual(['value 2', 'change', 'text x']);
  });

  it('unsubscribes exactly the subscription it was returned for, once', () => {
    const emitter = new Emitter<Events>();
    const heard: number[] = [];
    const listener = (n: number) => heard.push(n);
    const offFirst = emitter.on('value', listener);
    emitter.on('value', listener);
    emitter.emit('value', 1);
    offFirst();
    offFirst();
    emitter.emit('value', 2);
    expect(heard).toEqual([1, 1, 2]);
    expect(emitter.listenerCount('value')).toBe(1);
    expect(emitter.listenerCount()).toBe(1);
  });

  it('lets a listener unsubscribe another while the event is delivered, which still hears this one', () => {
    const emitter = new Emitter<Events>();
    const heard: string[] = [];
    let offB = () => {};
    emitter.on('value', () => {
      heard.push('a');
      offB();
    });
    offB = emitter.on('value', () => heard.push('b'));
    emitter.emit('value', 1);
    emitter.emit('value', 2);
    expect(heard).toEqual(['a', 'b', 'a']);
  });

  it('runs every listener when one throws, then throws the first error', () => {
    const emitter = new Emitter<Events>();
    const heard: string[] = [];
    emitter.on('value', () => {
      throw new Error('first broke');
    });
    emitter.on('value', () => {
      throw new Error('second broke');
    });
    emitter.on('value', () => heard.push('third'));
    expect(() => emitter.emit('value', 1)).toThrow('first broke');
    expect(heard).toEqual(['third']);
  });

  it('hands listener errors to onListenerError when given, and emit returns normally', () => {
    const errors: string[] = [];
    const emitter = new Emitter<Events>({ onListenerError: (err) => errors.push((err as Error).message) });
    emitter.on('text', (t) => {
      throw new Error(`bad ${t}`);
    });
    emitter.emit('text', 'x');
    expect(errors).toEqual(['bad x']);
  });

  it('tells its owner when the first listener arrives and the last one leaves', () => {
    const calls: string[] = [];
    const emitter = new Emitter<Events>({ onFirstListener: () => calls.push('first'), onLastListener: () => calls.push('last') });
    const offA = emitter.on('value', () => {});
    const offB = emitter.on('text', () => {});
    offA();
    expect(calls).toEqual(['first']);
    offB();
    offB();
    expect(calls).toEqual(['first', 'last']);
    emitter.on('change', () => {});
    expect(calls).toEqual(['first', 'last', 'first']);
  });

  it('drops every listener on dispose', () => {
    const emitter = new Emitter<Events>();
    const heard: number[] = [];
    emitter.on('value', (n) => heard.push(n));
    emitter.dispose();
    emitter.emit('value', 1);
    expect(heard).toEqual([]);
    expect(emitter.listenerCount()).toBe(0);
  });
});
