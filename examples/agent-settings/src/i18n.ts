// Labels from the generated locale files (one JSON per locale, nested keys), with the default
// locale as the fallback for a key not translated yet, plus the dialog's own few strings.
import en from './generated/claude/i18n/en.json';
import zhCn from './generated/claude/i18n/zh-CN.json';
import zhTw from './generated/claude/i18n/zh-TW.json';
import type { ClaudeI18nKey } from './generated/claude/i18n-keys';

export const LOCALES = [
  { id: 'en', name: 'English' },
  { id: 'zh-cn', name: '简体中文' },
  { id: 'zh-tw', name: '繁體中文' },
] as const;
export type Locale = (typeof LOCALES)[number]['id'];

type Messages = { readonly [key: string]: string | Messages };
const CATALOG_MESSAGES: Record<Locale, Messages> = { en, 'zh-cn': zhCn, 'zh-tw': zhTw };

const UI = {
  en: { title: 'Edit agent', tools: 'Built-in tools', disallowed: 'disallowedTools the SDK receives', session: 'Session', on: 'on', off: 'off' },
  'zh-cn': { title: '编辑智能体', tools: '内置工具', disallowed: 'SDK 收到的 disallowedTools', session: '会话', on: '开', off: '关' },
  'zh-tw': { title: '編輯智慧體', tools: '內建工具', disallowed: 'SDK 收到的 disallowedTools', session: '工作階段', on: '開', off: '關' },
} as const satisfies Record<Locale, Record<string, string>>;
export type UiString = keyof (typeof UI)['en'];

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A catalog label or description in `locale`, else in English, else the key itself. */
export function translate(locale: Locale, key: ClaudeI18nKey): string {
  return lookup(CATALOG_MESSAGES[locale], key) ?? lookup(CATALOG_MESSAGES.en, key) ?? key;
}

export const uiString = (locale: Locale, key: UiString): string => UI[locale][key];
