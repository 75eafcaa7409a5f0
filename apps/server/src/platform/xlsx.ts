import type * as Xlsx from '@e965/xlsx';

let loading: Promise<typeof Xlsx> | undefined;

/**
 * SheetJS, loaded on the first spreadsheet the server writes (a template, an error file, an
 * export), not at start-up: about 12 MB resident that most servers' hours never use (decision
 * 0143). The import's reader loads its own copy in its worker thread.
 */
export function loadXlsx(): Promise<typeof Xlsx> {
  loading ??= import('@e965/xlsx');
  return loading;
}
