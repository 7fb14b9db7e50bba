// The contracts panel's commands in the action table (command palette, shortcuts).

import { registerAction } from '../actions';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { useContracts } from './contracts-store';

/** A file picker that works while the Contracts tab is closed (the palette runs actions from anywhere). */
export function pickSuiteFiles(): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.multiple = true;
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    useUi.getState().setSideTab('contracts');
    void useContracts.getState().loadFiles(files);
  });
  input.click();
}

export function registerContractsActions(): void {
  registerAction({
    id: 'contracts-run-all',
    label: 'Run all contract suites',
    enabled: () => useContracts.getState().running === null,
    run: async () => {
      useUi.getState().setSideTab('contracts');
      const store = useContracts.getState();
      await store.init();
      await useContracts.getState().runAll();
    },
  });
  registerAction({
    id: 'contracts-load-suite',
    label: 'Load suite…',
    enabled: () => true,
    run: pickSuiteFiles,
  });
  registerAction({
    id: 'contracts-save-case',
    label: 'Save run as contract case…',
    enabled: () => useRun.getState().run !== null && useRun.getState().status === 'done',
    run: () => {
      useUi.getState().setSideTab('contracts');
      useContracts.getState().setSaveFormOpen(true);
    },
  });
  registerAction({
    id: 'contracts-back-to-workspace',
    label: 'Back to workspace (leave the contract case)',
    enabled: () => useContracts.getState().caseView !== null,
    run: () => useContracts.getState().backToWorkspace(),
  });
}
