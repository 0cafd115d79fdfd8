import type { LoginResponse, SessionUserDto } from '../../src/contract/api';
import type { SessionUser } from '../../src/domain/model/session-user';

/** A member as the session-check and login endpoints describe them. */
export class SessionUserBuilder {
  private dto: SessionUserDto = {
    user_id: 'a3c1e2f0-0000-4000-8000-000000000001',
    name: 'Siti Aminah',
    phone_no: '60123456789',
  };

  withName(name: string): this {
    this.dto = { ...this.dto, name };
    return this;
  }

  withPhone(phoneNo: string): this {
    this.dto = { ...this.dto, phone_no: phoneNo };
    return this;
  }

  /** The wire shape (snake_case). */
  buildDto(): SessionUserDto {
    return { ...this.dto };
  }

  /** The login answer's data: the member plus a token. */
  buildLoginData(token = 'token-abc'): LoginResponse {
    return { ...this.dto, token };
  }

  build(): SessionUser {
    return { userId: this.dto.user_id, name: this.dto.name, phoneNo: this.dto.phone_no };
  }
}

export const aMember = () => new SessionUserBuilder();
