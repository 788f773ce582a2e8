// Structured data for search engines, in a script tag carrying the page's CSP nonce.
import { useNonce } from "~/lib/nonce";
import { serializeJsonLd } from "~/lib/seo";

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
