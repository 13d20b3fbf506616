import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';

export type AllowedVideoType = (typeof LIMITS.allowedVideoTypes)[number];

export function isAllowedVideoType(type: string): type is AllowedVideoType {
  return (LIMITS.allowedVideoTypes as readonly string[]).includes(type);
}

/**
 * The upload dialog's checks (spec §5), in the order the dialog reports them.
 * The server repeats them on the bytes it receives; this is the early answer.
 */
export function uploadProblem(input: {
  file: { size: number; type: string } | null | undefined;
  title: string;
}): string | null {
  if (!input.file) return MESSAGES.upload.noFile;
  if (!isAllowedVideoType(input.file.type) && !looksLikePhoneVideo(input.file.type))
    return MESSAGES.upload.invalidType;
  if (input.file.size > LIMITS.maxVideoBytes) return MESSAGES.upload.tooLarge;
  if (input.title.trim() === '') return MESSAGES.upload.noTitle;
  return null;
}

/** .m4v files are MP4 inside; browsers report them as video/x-m4v. */
function looksLikePhoneVideo(type: string): boolean {
  return type === 'video/x-m4v';
}

/** Title prefilled from the file name without its extension (spec §2). */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
