// The page's profile catalogue, made at build time from the registry (src/build/profile-catalogue-plugin.ts).
declare module 'virtual:profile-catalogue' {
  const catalogue: readonly import('../engine/types').CatalogueEntry[];
  export default catalogue;
}
