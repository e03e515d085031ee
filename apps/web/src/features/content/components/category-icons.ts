import { FileArchive, FileAudio, FileImage, FileText, FileVideo, type LucideIcon } from 'lucide-react';
import type { FileCategory } from '@tp/shared';

export const CATEGORY_ICONS: Record<FileCategory, LucideIcon> = {
  image: FileImage,
  video: FileVideo,
  document: FileText,
  audio: FileAudio,
  other: FileArchive,
};
