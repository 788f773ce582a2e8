// Account form rules and texts used by both the browser (dialogs before sending) and the
// server (the checks that count). The server's zod schemas in accounts.server.ts apply them.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 20;
export const ADDRESS_MAX_LENGTH = 500;
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_TEXT = {
  validationTitle: "Validasi Gagal",
  passwordMismatch: "Password dan konfirmasi password tidak sama.",
  termsRequired: "Anda harus menyetujui syarat dan ketentuan.",
  passwordHint: `Minimal ${PASSWORD_MIN_LENGTH} karakter`,
  passwordTooShortTitle: "Password Terlalu Pendek",
  passwordTooShort: `Password harus memiliki minimal ${PASSWORD_MIN_LENGTH} karakter.`,
  passwordTooLong: `Password maksimal ${PASSWORD_MAX_LENGTH} karakter.`,
  resetMismatchTitle: "Password Tidak Cocok",
  resetMismatch: "Password dan konfirmasi password harus sama.",
  registerFailedTitle: "Registrasi Gagal",
  registerSuccessTitleNoSession: "Akun Dibuat",
  registerNotSignedIn: "Akun Anda sudah dibuat, tetapi belum bisa masuk otomatis.",
  emailTaken: "Email ini sudah punya akun. Silakan masuk dengan password-nya, atau pakai 'Lupa password?'.",
  registerError: "Terjadi kesalahan saat mendaftar. Silakan coba lagi nanti.",
  registerSuccessTitle: "Akun dibuat. Anda sudah masuk.",
  // The account works at once; verifying the address follows, from the mail, when it can come.
  registerSuccess: "Tautan verifikasi dikirim ke email Anda. Akun sudah bisa dipakai sebelum itu.",
  // While the shop sends no e-mail nothing waits in the inbox: say nothing of one.
  registerSuccessNoMail: "Selamat berbelanja.",
  loginFailedTitle: "Login Gagal",
  badCredentials: "Email atau password salah. Silakan coba lagi.",
  loginError: "Terjadi kesalahan saat login. Silakan coba lagi nanti.",
  loginSuccessTitle: "Login Berhasil",
  loginSuccess: "Selamat datang kembali! Anda akan segera diarahkan.",
  signedOut: "Anda telah keluar.",
  adminOnly: "Akses tidak diizinkan. Hanya admin yang dapat login ke panel ini.",
  adminLoginError: "Login gagal. Silakan coba lagi.",
  resetMailFailedTitle: "Reset Password Gagal",
  resetMailFailed: "Terjadi kesalahan saat mengirim email reset password. Pastikan email Anda benar dan terdaftar.",
  resetMailSentTitle: "Email Terkirim",
  resetMailSent: "Instruksi reset password telah dikirim ke email Anda.",
  resetMailOffTitle: "E-mail Belum Aktif",
  resetMailOff:
    "E-mail toko belum aktif: tautan reset password belum bisa sampai ke email Anda. Hubungi kami lewat WhatsApp untuk bantuan.",
  verifyMailOff:
    "E-mail toko belum aktif: email verifikasi belum bisa sampai ke kotak masuk Anda. Akun Anda tetap dapat dipakai.",
  updatePasswordFailedTitle: "Update Password Gagal",
  updatePasswordError: "Terjadi kesalahan saat mengubah password. Silakan coba lagi nanti.",
  resetLinkInvalid: "Tautan reset password tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.",
  passwordChangedTitle: "Password Berhasil Diubah",
  passwordChanged: "Password Anda telah diperbarui. Silakan masuk dengan password baru.",
  invitationAcceptedSignedIn: "Password tersimpan dan undangan diterima. Anda sudah masuk.",
  invitationAccepted:
    "Password tersimpan dan undangan diterima: akun Anda sekarang Staf. Silakan masuk lewat halaman Masuk admin.",
  passwordChangedHereTitle: "Password Diubah",
  passwordChangedHere: "Password berhasil diubah. Sesi di perangkat lain telah diakhiri.",
  profileIncompleteTitle: "Data Tidak Lengkap",
  profileIncomplete: "Mohon lengkapi semua data profil.",
  profileSavedTitle: "Sukses",
  profileSaved: "Profil berhasil disimpan.",
  profileSaveError: "Gagal menyimpan profil. Silakan coba lagi.",
  errorTitle: "Error",
} as const;
