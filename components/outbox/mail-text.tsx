// A mail's plain text with its web addresses as links, so a reset link opens with a click.
const URL_PART = /(https?:\/\/[^\s<>"]+)/;

export function MailText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {text.split(URL_PART).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-blue-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
