/**
 * What tests look for in output that must show no raw control: written out here, apart from
 * visibleControls.ts, so a test does not check the sanitizer against its own definition.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
/** Anything a terminal acts on, newline and tab aside (and CR, which only CRLF output may hold). */
export const RAW_TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, newline and tab included: inside one field of a screen, they hide things too. */
export const RAW_INLINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */
