import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { elicitationFields } from '@mcp-common/elicitationForm';
import { answerContent, initialValues } from './elicitationValues';

const fields = elicitationFields({
  type: 'object',
  properties: {
    day: { type: 'string', format: 'date', default: '2026-12-03' },
    at: { type: 'string', format: 'date-time' },
    note: { type: 'string' },
    ok: { type: 'boolean' },
    n: { type: 'number', default: 2 },
  },
});

describe('elicitation form values', () => {
  it('starts from the defaults, dates as picker values and an unticked box as no', () => {
    const values = initialValues(fields);
    expect(dayjs.isDayjs(values.day)).toBe(true);
    expect(values).toMatchObject({ ok: false, n: 2 });
    expect('note' in values).toBe(false);
  });

  it('answers dates as the spec’s strings and leaves empty optional fields out', () => {
    const at = dayjs('2026-12-01T09:30:00');
    const content = answerContent(fields, { day: dayjs('2026-12-24T00:00:00'), at, note: '', ok: true, n: 3 });
    expect(content).toEqual({ day: '2026-12-24', at: at.format(), ok: true, n: 3 });
    expect(String(content.at)).toMatch(/^2026-12-01T09:30:00[+-]\d{2}:\d{2}$/);
  });
});
