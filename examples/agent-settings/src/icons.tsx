// The app's own icon set: a few inline SVG glyphs. The binding file picks one per tool, and
// `IconName` is the icon type the generated binding contract checks it against.
import type { ReactElement } from 'react';

const PATHS = {
  terminal: 'M4 6l5 5-5 5M11 17h9',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  pencil: 'M4 20l4-1 11-11-3-3L5 16zM14 6l3 3',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M16 16l5 5',
  workflow: 'M4 5h6v5H4zM14 14h6v5h-6zM7 10v6h7',
  plan: 'M7 4h10v17H7zM10 9h4M10 13h4M10 17h2',
  tasks: 'M5 6h2M10 6h9M5 12h2M10 12h9M5 18h2M10 18h9',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3',
  bell: 'M6 17h12l-2-3V10a4 4 0 0 0-8 0v4zM10 20h4',
  gear: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8M12 2v3M12 19v3M2 12h3M19 12h3',
  plug: 'M9 3v5M15 3v5M6 8h12v4a6 6 0 0 1-12 0zM12 18v3',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  book: 'M5 4h10a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM5 17a3 3 0 0 1 3-3h10',
  brain:
    'M9 4a3 3 0 0 0-3 3a3 3 0 0 0-1 6a3 3 0 0 0 4 4V4zM15 4a3 3 0 0 1 3 3a3 3 0 0 1 1 6a3 3 0 0 1-4 4V4z',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  bot: 'M6 8h12v10H6zM12 4v4M9 13h.01M15 13h.01',
  blocked: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M6 6l12 12',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { readonly name: IconName }): ReactElement {
  return (
    <svg
      className="icon"
      data-icon={name}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
