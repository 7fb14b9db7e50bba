// Placeholder shell: the real layout (editor, stages, suites) lands in a later issue.
export function App() {
  return (
    <>
      <header>
        <h1>edit-playground</h1>
      </header>
      <main>
        <p>A browser lab for AI file-edit tools. The engine is coming up.</p>
      </main>
    </>
  );
}
