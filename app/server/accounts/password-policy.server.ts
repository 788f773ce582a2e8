// Passwords people guess first (OWASP ASVS 5.0 6.2.4): the zxcvbn project's list of the
// ~49,000 most common leaked passwords, plus Indonesian favourites it lacks. Compared
// without case.
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "~/lib/account-rules";

const COMMON = `
123456 123456789 12345678 1234567890 12345 1234567 password password1 password123 passw0rd qwerty
qwerty123 qwertyuiop abc123 abcd1234 111111 000000 123123 1q2w3e4r 1qaz2wsx zaq12wsx iloveyou
admin admin123 administrator welcome welcome1 letmein monkey dragon football baseball sunshine
princess master shadow superman trustno1 starwars whatever freedom charlie michael jennifer
11111111 00000000 12341234 87654321 123qwe123 qwe12345 asdfghjkl asdf1234 zxcvbnm 987654321
indonesia indonesia1 indonesia123 jakarta jakarta123 surabaya bandung jember jember123 sayang
sayang123 sayangku cintaku aku123 akusayangkamu bismillah bismillah123 alhamdulillah
rahasia rahasia123 katasandi katasandi123 merdeka merdeka45 garuda garuda123 pancasila
persija persib arema aremania bonek123 sayur123 sayursegar toko123 belanja123 anjing123
kucing123 doraemon doraemon123 naruto naruto123 kiki1234 semangat semangat123 bangsat
makanan123 12345678910 1234567891 0987654321 password12 password1234 iloveyou1
`;

// Shorter ones fail the length rule anyway; keeping them out makes the set a third the size.
const COMMON_PASSWORDS = new Set(
  [...COMMON.split(/\s+/), ...dictionary["passwords-common"]]
    .map((p) => p.toLowerCase())
    .filter((p) => p.length >= PASSWORD_MIN_LENGTH),
);

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  // One repeated character, or a straight run of digits, is as weak as a listed one.
  if (/^(.)\1+$/.test(password)) return true;
  return "01234567890123456789".includes(lower) || "98765432109876543210".includes(lower);
}

export const COMMON_PASSWORD_MESSAGE = "Password ini terlalu umum dan mudah ditebak. Gunakan kombinasi lain.";
