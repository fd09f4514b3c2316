import { expect, it } from 'vitest';
import { loopTurns } from './loopTurns';

it('starts work asked for at once in successive turns of the event loop, in order', async () => {
  // Counts turns: an immediate that queues itself again runs once per turn.
  let turnNumber = 0;
  let counting = true;
  const count = () => {
    turnNumber++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const turn = loopTurns();
  const ran: { name: string; turn: number }[] = [];
  await Promise.all(['a', 'b', 'c'].map((name) => turn().then(() => ran.push({ name, turn: turnNumber }))));
  counting = false;
  expect(ran.map((r) => r.name)).toEqual(['a', 'b', 'c']);
  expect(new Set(ran.map((r) => r.turn)).size).toBe(3);
});
