// Whether a link target names an attachment (an image, audio, video or PDF file) rather than a note: the file
// formats Obsidian opens besides Markdown, canvases and bases. A missing attachment is a broken embed, not a
// note the vault lacks, so think's knowledge holes leave it out (an icon every page of a help vault embeds is no
// gap in what the vault knows).

const ATTACHMENT_EXTENSIONS = new Set([
  // images
  'avif', 'bmp', 'gif', 'jpeg', 'jpg', 'png', 'svg', 'webp', 'ico', 'tif', 'tiff', 'heic',
  // audio
  'flac', 'm4a', 'mp3', 'ogg', 'wav', 'webm', '3gp', 'aac', 'opus',
  // video
  'mkv', 'mov', 'mp4', 'ogv', 'avi',
  // documents
  'pdf',
]);

/** True when the target's file name ends in an attachment extension (`lucide-cog.svg`, `Scans/Receipt.PDF#page=2`). */
export function isAttachmentTarget(target: string): boolean {
  const file = target.replace(/[#|^].*$/, '').split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot > 0 && ATTACHMENT_EXTENSIONS.has(file.slice(dot + 1).trim().toLowerCase());
}
