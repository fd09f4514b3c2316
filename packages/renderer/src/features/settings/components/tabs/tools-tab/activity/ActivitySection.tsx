import { Flex } from 'antd';
import type { LiveEvent } from '../types';
import { LiveEventsPanel } from '../LiveEventsPanel';
import type { CallEntry } from './callLog';
import { CallActivity } from './CallActivity';

/** The Activity section: the calls made, then everything else the host reported. */
export function ActivitySection(props: {
  calls: CallEntry[];
  onClearCalls: () => void;
  events: LiveEvent[];
  onClearEvents: () => void;
  serverName: (id: string) => string;
}) {
  return (
    <Flex vertical gap="middle">
      <CallActivity calls={props.calls} onClear={props.onClearCalls} serverName={props.serverName} />
      <LiveEventsPanel events={props.events} onClear={props.onClearEvents} serverName={props.serverName} />
    </Flex>
  );
}
