import userEventBase, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * The component tests' user: clicks, keys and pastes as user-event sends them, without what costs
 * much under jsdom and tells these tests nothing:
 * - no pause between actions;
 * - no hover on the way to each click (it opened antd tooltips that no test reads; a test that
 *   cares about a tooltip hovers on purpose);
 * - no walk up the tree reading computed styles before each pointer event, to check
 *   `pointer-events: none`: antd's stylesheets are not inserted here (see renderWithApp.tsx), so
 *   the walk could only ever find inline styles.
 */
export const userEvent = userEventBase.setup({ delay: null, skipHover: true, pointerEventsCheck: PointerEventsCheckLevel.Never });
