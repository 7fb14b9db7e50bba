// The composer: where a call is written. Toolbar (profile, examples, Run), settings (mount, diff
// context), the Monaco editor, and the status line with the worker's verdict on the text.

import { useEffect, useId } from 'react';
import { useComposer } from '../state/composer-store';
import { CallEditor } from './call-editor';
import { CallSettings } from './call-settings';
import { CallStatus } from './call-status';
import { ExamplesMenu } from '../contracts/examples-menu';
import { ProfileHelp, ProfilePicker, ReleasePicker } from './profile-picker';
import { RunControls } from './run-controls';
import './composer.css';

export function ComposerPanel() {
  const statusId = useId();
  const helpId = useId();

  useEffect(() => {
    void useComposer.getState().loadTools();
  }, []);

  return (
    <div className="composer">
      <div className="toolbar composer-toolbar">
        <ProfilePicker helpId={helpId} />
        <ExamplesMenu />
        <RunControls statusId={statusId} />
      </div>
      <ReleasePicker />
      <ProfileHelp id={helpId} />
      <CallSettings />
      <CallEditor />
      <CallStatus id={statusId} />
    </div>
  );
}
