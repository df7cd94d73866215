/** Whether a document in `folderPath` passes a folder filter (`''` = the whole vault). */
export function isInFolder(folderPath: string, folder: string): boolean {
  return folder === '' || folderPath === folder || folderPath.startsWith(`${folder}/`);
}
