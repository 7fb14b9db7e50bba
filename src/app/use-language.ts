// The Monaco language a view should give its models: plain text until the language's tokenizer
// registration (a chunk of its own) has loaded, then the language itself.

import { useEffect, useState } from 'react';
import { languageOf } from './languages';

export function useLanguage(path: string): string {
  const language = languageOf(path);
  const [loaded, setLoaded] = useState<{ language: string; id: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('./monaco-setup')
      .then((m) => m.ensureLanguage(language))
      .then((id) => live && setLoaded({ language, id }));
    return () => {
      live = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.id : 'plaintext';
}
