// A handful of inline icons (Bootstrap Icons paths, in the contract: the server-written first screen draws them too),
// so the header needs no icon font.
import { iconPaths as paths } from '@prospectie/contract/header-icons';

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
