import { describe, expect, it } from 'vitest';
import english from '@locales/en/settings/tools.json';
import { HOST_NOTES, hostNote, hostNoteLine } from './hostNotes';

describe('host notes', () => {
  it('say in the English locale exactly what the log line says, for every code', () => {
    expect(english.hostNotes).toEqual(HOST_NOTES);
  });

  it('fill their values into the English line', () => {
    expect(hostNoteLine(hostNote('ELICITATION_TIMEOUT', { message: 'Pick a colour', seconds: 1 }))).toBe('Nobody answered "Pick a colour" within 1 s; declined it');
    expect(hostNoteLine(hostNote('CONNECTION_CLOSED'))).toBe('The connection closed unexpectedly');
  });
});
