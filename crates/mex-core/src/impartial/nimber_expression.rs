//! Arithmetic in the nimber field written as text: decimal numbers of any
//! size with `+` (nim-sum), `*` (nim-product), `/` (nim-quotient), integer
//! powers `^k` (`k` may be negative) and parentheses, with the usual
//! precedence (`^` binds tightest and takes a literal exponent, then `*`
//! and `/` from the left, then `+`). The operations are those of
//! [`super::nimber_field`] (Conway 1976, chapter 6). Example: `2*3` is 1,
//! `(2+1)^2` is 2, `1/2` is 3.

use super::nimber_field;
use crate::error::quote;
use crate::MexError;
use num_bigint::{BigInt, BigUint};

/// The longest expression accepted, in characters.
pub const MAX_EXPRESSION_CHARS: usize = 1_000_000;
/// The deepest nesting of parentheses accepted.
pub const MAX_NESTING: usize = 256;

const ACCEPTED: &str = "decimal numbers with + (nim-sum), * (nim-product), / (nim-quotient), \
                        ^k (an integer power) and parentheses, such as (2+3)*7^-1";

/// The value of a nimber expression.
pub fn evaluate(text: &str) -> Result<BigUint, MexError> {
    if text.chars().count() > MAX_EXPRESSION_CHARS {
        return Err(MexError::too_large(
            format!("a nimber expression of {} characters", text.chars().count()),
            format!("{MAX_EXPRESSION_CHARS} characters"),
            "write a shorter expression",
        ));
    }
    let mut parser = Parser {
        text,
        at: 0,
        depth: 0,
    };
    let value = parser.sum()?;
    parser.skip_spaces();
    if parser.at < text.len() {
        return Err(parser.unexpected());
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn skip_spaces(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    /// The next character after spaces, not consumed.
    fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.text[self.at..].chars().next()
    }

    fn unexpected(&self) -> MexError {
        let what = match self.text[self.at..].chars().next() {
            Some(c) => format!("unexpected {c:?} at character {}", self.at + 1),
            None => "unexpected end".to_string(),
        };
        MexError::invalid(
            format!("{what} in the nimber expression {}", quote(self.text)),
            ACCEPTED,
        )
    }

    /// sum := product ('+' product)*
    fn sum(&mut self) -> Result<BigUint, MexError> {
        let mut value = self.product()?;
        while self.peek() == Some('+') {
            self.at += 1;
            value ^= self.product()?;
        }
        Ok(value)
    }

    /// product := power (('*' | '/') power)*
    fn product(&mut self) -> Result<BigUint, MexError> {
        let mut value = self.power()?;
        loop {
            match self.peek() {
                Some('*') => {
                    self.at += 1;
                    value = nimber_field::product(&value, &self.power()?)?;
                }
                Some('/') => {
                    self.at += 1;
                    let divisor = self.power()?;
                    if divisor == BigUint::ZERO {
                        return Err(MexError::invalid(
                            format!(
                                "division by the nimber 0 in the nimber expression {}",
                                quote(self.text)
                            ),
                            "a non-zero divisor",
                        ));
                    }
                    value = nimber_field::quotient(&value, &divisor)?;
                }
                _ => return Ok(value),
            }
        }
    }

    /// power := atom ('^' integer)?
    fn power(&mut self) -> Result<BigUint, MexError> {
        let base = self.atom()?;
        if self.peek() != Some('^') {
            return Ok(base);
        }
        self.at += 1;
        let negative = self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        let magnitude = self.number()?;
        let exponent = if negative {
            -BigInt::from(magnitude)
        } else {
            BigInt::from(magnitude)
        };
        nimber_field::power(&base, &exponent).map_err(|e| match e {
            MexError::Invalid { .. } => MexError::invalid(
                format!(
                    "a negative power of the nimber 0 in the nimber expression {}",
                    quote(self.text)
                ),
                "negative powers of non-zero nimbers",
            ),
            other => other,
        })
    }

    /// atom := number | '(' sum ')'
    fn atom(&mut self) -> Result<BigUint, MexError> {
        if self.peek() != Some('(') {
            return self.number();
        }
        if self.depth == MAX_NESTING {
            return Err(MexError::too_large(
                format!(
                    "parentheses nested more than {MAX_NESTING} deep in the nimber expression {}",
                    quote(self.text)
                ),
                format!("{MAX_NESTING} levels"),
                "write the expression with fewer parentheses",
            ));
        }
        self.at += 1;
        self.depth += 1;
        let value = self.sum()?;
        self.depth -= 1;
        if self.peek() != Some(')') {
            return Err(self.unexpected());
        }
        self.at += 1;
        Ok(value)
    }

    fn number(&mut self) -> Result<BigUint, MexError> {
        self.skip_spaces();
        let digits = self.text[self.at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Err(self.unexpected());
        }
        let literal = &self.text[self.at..self.at + digits];
        self.at += digits;
        Ok(literal.parse().expect("a run of decimal digits"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        evaluate(text).unwrap().to_string()
    }

    #[test]
    fn operators_and_precedence() {
        assert_eq!(value("2*3"), "1");
        assert_eq!(value("2+3"), "1");
        assert_eq!(value("1/2"), "3");
        assert_eq!(value("(2+1)^2"), "2");
        assert_eq!(value("2 + 3 * 3"), "0"); // 3⊗3 = 2
        assert_eq!(value("4^-1 * 4"), "1");
        assert_eq!(value("0^0"), "1");
        assert_eq!(value("16*16"), "24");
    }

    #[test]
    fn big_numbers() {
        let f = "340282366920938463463374607431768211456"; // 2^128
        assert_eq!(
            value(&format!("{f}*{f}")),
            (BigUint::from(3u32) << 127u32).to_string()
        );
        assert_eq!(
            value("123456789123456789123456789^3 / 123456789123456789123456789^2"),
            "123456789123456789123456789"
        );
    }

    #[test]
    fn errors_quote_the_input_and_say_what_is_accepted() {
        for bad in ["", "2*", "(1+2", "1)", "2^x", "a", "1/0", "0^-1", "1/(2+2)"] {
            let e = evaluate(bad).unwrap_err().to_string();
            assert!(!e.contains('\n'), "{e}");
            assert!(
                e.contains("nimber expression") || e.contains("nimber 0"),
                "{bad}: {e}"
            );
        }
        let deep = format!("{}1{}", "(".repeat(300), ")".repeat(300));
        assert!(evaluate(&deep).unwrap_err().to_string().contains("256"));
        assert_eq!(
            value(&format!("{}1{}", "(".repeat(200), ")".repeat(200))),
            "1"
        );
    }
}
