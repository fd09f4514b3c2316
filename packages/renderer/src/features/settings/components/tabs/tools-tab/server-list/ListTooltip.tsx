import { Tooltip } from 'antd';
import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

/**
 * One tooltip for the whole server list instead of one per control. An antd Tooltip costs a
 * trigger, its hooks and styles on mount, and a row had eight of them: typing a search that
 * brings rows on screen mounted them all on the keystroke (most of the ~1 s the slowest key
 * took with 200 servers). Here a control only carries four handlers; the list's single Tooltip
 * opens on the control hovered or focused, aligned to it.
 */
interface ListTooltipApi {
  show: (target: HTMLElement, title: ReactNode, delayMs: number) => void;
  hide: (target: HTMLElement) => void;
}

const ListTooltipContext = createContext<ListTooltipApi | null>(null);

interface Shown {
  target: HTMLElement;
  title: ReactNode;
}

/** A list-level popup's anchor: renders nothing, and hands the trigger the control it belongs to. */
export function Anchor({ target, ref }: { target: HTMLElement; ref?: Ref<HTMLElement> }) {
  useImperativeHandle(ref, () => target, [target]);
  return null;
}

export function ListTooltipProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const api = useMemo<ListTooltipApi>(
    () => ({
      show: (target, title, delayMs) => {
        clearTimeout(timer.current);
        if (delayMs > 0) timer.current = setTimeout(() => setShown({ target, title }), delayMs);
        else setShown({ target, title });
      },
      hide: (target) => {
        clearTimeout(timer.current);
        setShown((current) => (current?.target === target ? null : current));
      },
    }),
    [],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  // A row the search filtered away (or the list scrolled past) takes its control with it, and no leave event comes.
  const open = shown !== null && shown.target.isConnected;
  return (
    <ListTooltipContext.Provider value={api}>
      {children}
      {open ? (
        <Tooltip open title={shown.title} destroyOnHidden>
          <Anchor target={shown.target} />
        </Tooltip>
      ) : null}
    </ListTooltipContext.Provider>
  );
}

type Handlers = {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A control's tooltip: the list's one when inside the list, antd's own elsewhere (the detail
 * drawer). Props a wrapping trigger gives it (a Popconfirm's ref and click) reach the control.
 */
export function ListTooltip({
  title,
  mouseEnterDelay = 0.1,
  children,
  ...passed
}: { title: ReactNode; mouseEnterDelay?: number; children: ReactElement<Handlers> } & Handlers & Record<string, unknown>) {
  const api = useContext(ListTooltipContext);
  if (!api || title === undefined || title === null || title === '') {
    // `passed` holds a wrapping trigger's props, its ref among them (a prop in React 19).
    const child = Object.keys(passed).length ? cloneElement(children, passed) : children;
    return api ? child : <Tooltip title={title} mouseEnterDelay={mouseEnterDelay}>{child}</Tooltip>;
  }
  const own = children.props;
  const handlers: Handlers = {
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      passed.onMouseEnter?.(event);
      api.show(event.currentTarget, title, mouseEnterDelay * 1000);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      passed.onMouseLeave?.(event);
      api.hide(event.currentTarget);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      passed.onFocus?.(event);
      if (event.target === event.currentTarget) api.show(event.currentTarget, title, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      passed.onBlur?.(event);
      api.hide(event.currentTarget);
    },
  };
  return cloneElement(children, { ...passed, ...handlers });
}
