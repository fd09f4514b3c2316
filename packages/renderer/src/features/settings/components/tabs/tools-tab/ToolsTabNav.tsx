/**
 * Where the Tools tab is: which section shows and which overlay (form, import, server detail) is
 * open. Any part of the tab can navigate ("edit this server", "open its logs", "install the
 * preset") without threading callbacks through every level.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export const TOOLS_SECTIONS = ['servers', 'presets', 'agents', 'keys', 'chat', 'activity'] as const;
export type ToolsSection = (typeof TOOLS_SECTIONS)[number];
/** A tab key as a section; the tabs are made from TOOLS_SECTIONS, so anything else is the first. */
export const toolsSection = (key: string): ToolsSection => TOOLS_SECTIONS.find((section) => section === key) ?? 'servers';

/** What the server form edits: a new server, an existing one, or a copy of one. */
export type FormTarget = { mode: 'add' } | { mode: 'edit'; serverId: string } | { mode: 'duplicate'; serverId: string };

/** The server detail's panes; `logs` is where "open logs" lands, `playground` where a tool's "Try" does. */
export type DetailPane = 'tools' | 'playground' | 'prompts' | 'resources' | 'preview' | 'logs';

export interface ToolsTabNav {
  section: ToolsSection;
  showSection: (section: ToolsSection) => void;
  form: FormTarget | undefined;
  openForm: (target: FormTarget) => void;
  closeForm: () => void;
  importOpen: boolean;
  openImport: () => void;
  closeImport: () => void;
  detail: { serverId: string; pane: DetailPane } | undefined;
  openDetail: (serverId: string, pane?: DetailPane) => void;
  closeDetail: () => void;
  /** The last "Try with a model" on one server; `seq` makes a second click on the same server count. */
  chatFocus: { serverId: string; seq: number } | undefined;
  /** Opens the chat section with only this server's tools on. */
  openChat: (serverId: string) => void;
}

const NavContext = createContext<ToolsTabNav | undefined>(undefined);

export function ToolsTabNavProvider({
  children,
  initialSection = 'servers',
  initialDetail,
}: {
  children: ReactNode;
  initialSection?: ToolsSection;
  /** A server's detail open from the start (an app link opens its playground). */
  initialDetail?: ToolsTabNav['detail'];
}) {
  const [section, showSection] = useState<ToolsSection>(initialSection);
  const [form, setForm] = useState<FormTarget | undefined>();
  const [importOpen, setImportOpen] = useState(false);
  const [detail, setDetail] = useState<ToolsTabNav['detail']>(initialDetail);
  const [chatFocus, setChatFocus] = useState<ToolsTabNav['chatFocus']>();

  const openForm = useCallback((target: FormTarget) => setForm(target), []);
  const closeForm = useCallback(() => setForm(undefined), []);
  const openImport = useCallback(() => setImportOpen(true), []);
  const closeImport = useCallback(() => setImportOpen(false), []);
  const openDetail = useCallback((serverId: string, pane: DetailPane = 'tools') => setDetail({ serverId, pane }), []);
  const closeDetail = useCallback(() => setDetail(undefined), []);
  const openChat = useCallback((serverId: string) => {
    setChatFocus((previous) => ({ serverId, seq: (previous?.seq ?? 0) + 1 }));
    setDetail(undefined);
    showSection('chat');
  }, []);

  const value = useMemo(
    () => ({ section, showSection, form, openForm, closeForm, importOpen, openImport, closeImport, detail, openDetail, closeDetail, chatFocus, openChat }),
    [section, form, openForm, closeForm, importOpen, openImport, closeImport, detail, openDetail, closeDetail, chatFocus, openChat],
  );
  return <NavContext.Provider value={value}>{children}</NavContext.Provider>;
}

export function useToolsTabNav(): ToolsTabNav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useToolsTabNav() needs a <ToolsTabNavProvider>');
  return nav;
}
