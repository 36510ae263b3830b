/** The shortest password Protect PDF accepts (seed section 5). */
export const PASSWORD_MIN_LENGTH = 6;
