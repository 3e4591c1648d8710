/** A labelled password input; the autocomplete token tells a password manager which one it is. */
export function PasswordField({
  label,
  name,
  autoComplete,
  minLength,
}: {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
  minLength?: number;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs">
      {label}
      <input
        name={name}
        type="password"
        required
        minLength={minLength}
        maxLength={256}
        autoComplete={autoComplete}
        className="rounded border border-neutral-300 px-2 py-1 text-sm"
      />
    </label>
  );
}

/** The new password twice: a typo in a password no one can see would lock its owner out. */
export function NewPasswordFields({ label = "New password (at least 8 characters)" }: { label?: string }) {
  return (
    <>
      <PasswordField label={label} name="newPassword" autoComplete="new-password" minLength={8} />
      <PasswordField label="New password again" name="repeatPassword" autoComplete="new-password" minLength={8} />
    </>
  );
}

/** The new password from a form with NewPasswordFields; throws when the two differ. */
export function newPasswordOf(form: FormData): string {
  const password = String(form.get("newPassword"));
  if (password !== String(form.get("repeatPassword"))) throw new Error("The two new passwords differ: type the same one twice.");
  return password;
}
