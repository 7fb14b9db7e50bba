import { expect, test } from './fixtures.ts';
import { openAndRun as runCall } from './support/calls';

const TC2_CREATED = {
  file_path: '/tmp/aaa.txt',
  edits: [
    { old_string: '', new_string: 'AAA' },
    { old_string: 'AAA', new_string: 'BBB' },
    { old_string: 'BBB', new_string: 'CCC' },
  ],
};

test.describe('stage stepper', () => {
  test('before any run it says how to get a stage', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await expect(page.getByText('Run a call to step through its stage')).toBeVisible();
  });

  test('sequential edits read AAA → BBB → CCC, one stage at a time', async ({ page }) => {
    await runCall(page, 'MultiEdit', TC2_CREATED);
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();

    const stages = page.getByRole('list', { name: 'Steps' });
    await expect(stages.getByRole('button')).toHaveText(['Edit 0', 'Edit 1', 'Edit 2']);
    await expect(stages.getByRole('button', { name: 'Edit 0, step 1 of 3' })).toHaveAttribute('aria-current', 'step');

    // Edit 0 creates the file: empty before, AAA after.
    await expect(page.getByRole('region', { name: 'Content before edit 0' })).toHaveText('');
    await expect(page.getByRole('region', { name: 'Content after edit 0' })).toHaveText('AAA');
    await expect(page.getByText('Edit 0 inserted "AAA" at line 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous step' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('region', { name: 'Content before edit 1' })).toHaveText('AAA');
    await expect(page.getByRole('region', { name: 'Content after edit 1' })).toHaveText('BBB');
    await expect(page.getByRole('region', { name: 'Content before edit 1' }).locator('mark')).toHaveText('AAA');
    await expect(page.getByRole('region', { name: 'Content after edit 1' }).locator('mark')).toHaveText('BBB');
    await expect(page.getByText('Edit 1 replaced "AAA" with "BBB" at line 1')).toBeVisible();
    await expect(page.getByText('strategy exact')).toBeVisible();

    // Alt+→ is the same action as the Next button.
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page.getByRole('region', { name: 'Content before edit 2' })).toHaveText('BBB');
    await expect(page.getByRole('region', { name: 'Content after edit 2' })).toHaveText('CCC');
    await expect(page.getByRole('button', { name: 'Next step' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/stages.png' });

    await page.keyboard.press('Alt+ArrowLeft');
    await expect(page.getByRole('region', { name: 'Content after edit 1' })).toHaveText('BBB');
    await stages.getByRole('button', { name: 'Edit 0, step 1 of 3' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 0' })).toHaveText('AAA');
  });

  test('an edit made ambiguous by the one before it: the stages up to the failure, and why', async ({ page }) => {
    // TC7 of multi_edit_text_file, on a file created with "A" first.
    await runCall(page, 'MultiEdit', {
      file_path: '/tmp/a.txt',
      edits: [
        { old_string: '', new_string: 'A' },
        { old_string: 'A', new_string: 'AA' },
        { old_string: 'A', new_string: 'B' },
      ],
    });
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveText(['Edit 0', 'Edit 1']);
    await expect(page.getByRole('note')).toContainText('MULTIPLE_MATCHES');
    await expect(page.getByRole('region', { name: 'Content after edit 0' })).toHaveText('A');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 1' })).toHaveText('AA');
    await page.screenshot({ path: 'test-results/screens/stages-failed.png' });
  });

  test('an existing file: the matched line in the original, the written line after', async ({ page }) => {
    await runCall(page, 'multi_edit_text_file', {
      path: '/test/file.txt',
      edits: [
        { old_string: 'line 2', new_string: 'LINE 2' },
        { old_string: 'LINE 2\nline 3', new_string: 'LINE 2\nLINE 3' },
      ],
    });
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    await expect(page.getByRole('region', { name: 'Content before edit 0' })).toHaveText('line 1\nline 2\nline 3\n');
    await expect(page.getByRole('region', { name: 'Content after edit 0' })).toHaveText('line 1\nLINE 2\nline 3\n');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByRole('region', { name: 'Content after edit 1' })).toHaveText('line 1\nLINE 2\nLINE 3\n');
    await expect(page.getByText('at lines 2–3')).toBeVisible();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.screenshot({ path: 'test-results/screens/stages-dark.png' });
  });

  test('a batch over several files: pick the file, then step through its steps', async ({ page }) => {
    await runCall(page, 'MultiEditBatch', {
      description: 'Two files',
      edits: [
        { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'LINE 2' },
        { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
      ],
    });
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Stages' }).click();
    const file = page.getByRole('combobox', { name: 'File', exact: true });
    await expect(file).toHaveValue('0');
    await expect(page.getByRole('region', { name: 'Content after edit 0' })).toContainText('LINE 2');
    await file.selectOption({ label: '/test/config.toml · 1 step' });
    // The batch's entry 1 is this file's only stage.
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveText(['Edit 1']);
    await expect(page.getByRole('region', { name: 'Content after edit 1' }).locator('mark')).toHaveText('port = 3000');
  });
});
